// "Subir imagen": a photo or screenshot of a QR, decoded in the browser (works without a connection too).
import { useId, useRef, useState } from 'react';
import { ImageUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { decodeQrFile } from '../qr/decode-qr.ts';

export function UploadQr({ disabled, onCode }: { disabled: boolean; onCode: (code: string) => void }) {
  const { t } = useTranslation('door');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [notFound, setNotFound] = useState(false);
  const [reading, setReading] = useState(false);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setNotFound(false);
    setReading(true);
    try {
      const code = await decodeQrFile(file).catch(() => null);
      if (code) onCode(code);
      else setNotFound(true);
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="space-y-2">
      <label
        className={`inline-flex h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-xl border border-white/15 px-4 font-semibold text-white hover:bg-white/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-400 ${disabled || reading ? 'pointer-events-none opacity-60' : ''}`}
      >
        <ImageUp aria-hidden="true" className="size-5" />
        {reading ? t('scanner.working') : t('scanner.upload')}
        <input
          ref={input}
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          disabled={disabled || reading}
          onChange={(e) => void read(e.target.files?.[0])}
          className={`sr-only ${focusRing}`}
        />
      </label>
      <p id={hintId} className="text-xs text-white/50">
        {t('scanner.uploadHint')}
      </p>
      {notFound && (
        <p role="status" className="text-sm text-amber-300">
          {t('scanner.noQr')}
        </p>
      )}
    </div>
  );
}
