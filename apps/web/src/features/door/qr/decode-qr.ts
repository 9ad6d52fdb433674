// Reads a QR code from a photo or a video frame: the native detector when there is one, jsQR otherwise.
import jsQR from 'jsqr';
import { nativeQrDetector } from './barcode-detector.ts';

const MAX_SIDE = 1280;

// Pixels of the source, scaled down so a 12-megapixel photo does not take seconds.
function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement,
): ImageData | null {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export async function decodeQr(
  source: ImageBitmap | HTMLVideoElement,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): Promise<string | null> {
  const native = await nativeQrDetector();
  if (native) {
    try {
      const found = await native.detect(source);
      if (found[0]?.rawValue) return found[0].rawValue;
      return null;
    } catch {
      // Fall through to jsQR (e.g. a video frame not ready yet).
    }
  }
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return null;
  const image = pixelsOf(source, width, height, canvas);
  if (!image) return null;
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

export async function decodeQrFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQr(bitmap);
  } finally {
    bitmap.close();
  }
}
