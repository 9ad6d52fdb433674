// The browser's own QR reader (Shape Detection API) where it exists: Chrome on Android and macOS, Safari.
// Elsewhere (desktop Linux, Firefox) jsQR decodes the pixels instead.
type DetectedBarcode = { rawValue: string; format: string };
type BarcodeDetectorLike = { detect(source: ImageBitmapSource): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

let detector: Promise<BarcodeDetectorLike | null> | undefined;

export function nativeQrDetector(): Promise<BarcodeDetectorLike | null> {
  detector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = await Detector.getSupportedFormats();
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}
