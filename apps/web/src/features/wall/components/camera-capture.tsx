// One camera of the phone (front: "user", back: "environment") live on screen, and a shutter that hands over a
// JPEG of the frame. A camera that is missing or refused is reported so the page falls back to the file picker.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

export function CameraCapture({
  facing,
  title,
  onCapture,
  onUnavailable,
  onCancel,
}: {
  facing: 'user' | 'environment';
  title: string;
  onCapture: (photo: Blob) => void;
  onUnavailable: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('wall');
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const failed = useRef(onUnavailable);
  useLayoutEffect(() => {
    failed.current = onUnavailable;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      failed.current();
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: facing }, width: { ideal: 1440 } }, audio: false })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((track) => track.stop());
        stream = s;
        const element = video.current;
        if (!element) return;
        element.srcObject = s;
        void element.play().then(
          () => setReady(true),
          () => setReady(true),
        );
      })
      .catch(() => {
        if (!cancelled) failed.current();
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [facing]);

  const shoot = () => {
    const element = video.current;
    if (!element || !element.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return;
    // The front camera is shown mirrored, as people expect; the photo keeps that view.
    if (facing === 'user') {
      context.translate(canvas.width, 0);
      context.scale(-1, 1);
    }
    context.drawImage(element, 0, 0);
    canvas.toBlob((blob) => blob && onCapture(blob), 'image/jpeg', 0.9);
  };

  return (
    <div className="space-y-3" data-testid={`camera-${facing}`}>
      <p className="font-semibold text-white">{title}</p>
      <video
        ref={video}
        playsInline
        muted
        className={`aspect-[3/4] w-full rounded-2xl bg-black object-cover ${facing === 'user' ? '-scale-x-100' : ''}`}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={!ready} onClick={shoot}>
          <Camera aria-hidden className="size-4" />
          {t('post.capture')}
        </Button>
        <Button tone="secondary" type="button" onClick={onCancel}>
          {t('post.cancel')}
        </Button>
      </div>
    </div>
  );
}
