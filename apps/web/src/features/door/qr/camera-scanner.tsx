// The phone's rear camera reading QR codes: a frame every 150 ms goes to the native detector or jsQR, and a
// code is handed over once (the same code again only after 3 s, so one ticket held up is one scan).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Camera, CameraOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { decodeQr } from './decode-qr.ts';

const FRAME_MS = 150;
const SAME_CODE_MS = 3000;

export function CameraScanner({ paused, onCode }: { paused: boolean; onCode: (code: string) => void }) {
  const { t } = useTranslation('door');
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const onCodeRef = useRef(onCode);
  const pausedRef = useRef(paused);
  useLayoutEffect(() => {
    onCodeRef.current = onCode;
    pausedRef.current = paused;
  });

  useEffect(() => {
    if (!stream || !video.current) return;
    const element = video.current;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    const canvas = document.createElement('canvas');
    let last = { code: '', at: 0 };
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      if (!pausedRef.current && element.readyState >= 2) {
        const code = await decodeQr(element, canvas).catch(() => null);
        const now = Date.now();
        if (code && !stopped && (code !== last.code || now - last.at > SAME_CODE_MS)) {
          last = { code, at: now };
          onCodeRef.current(code);
        }
      }
      timer = setTimeout(() => void tick(), FRAME_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      element.srcObject = null;
    };
  }, [stream]);

  // The camera is released when the scanner goes away.
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  const start = async () => {
    setFailed(false);
    try {
      setStream(
        await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        }),
      );
    } catch {
      setFailed(true);
    }
  };
  const stop = () => setStream(null);

  return (
    <div className="space-y-3">
      {stream && (
        <video
          ref={video}
          aria-label={t('scanner.video')}
          muted
          playsInline
          className="aspect-square w-full rounded-2xl bg-black object-cover"
        />
      )}
      <button
        type="button"
        onClick={stream ? stop : () => void start()}
        className={`inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-neon-600 px-4 font-semibold text-white hover:bg-neon-700 ${focusRing}`}
      >
        {stream ? (
          <CameraOff aria-hidden="true" className="size-5" />
        ) : (
          <Camera aria-hidden="true" className="size-5" />
        )}
        {stream ? t('scanner.stopCamera') : t('scanner.startCamera')}
      </button>
      {stream && <p className="text-sm text-white/60">{t('scanner.cameraHint')}</p>}
      {failed && (
        <p role="status" className="text-sm text-amber-300">
          {t('scanner.cameraError')}
        </p>
      )}
    </div>
  );
}
