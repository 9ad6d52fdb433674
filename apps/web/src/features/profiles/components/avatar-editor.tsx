// My photo with "Cambiar foto" and "Quitar foto". The chosen file shows at once as a preview while it uploads;
// the server's resized copy replaces it when it is stored, and the old photo comes back if the upload fails.
import { Camera, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/people/user-avatar.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useAvatar } from '../api/avatar.ts';
import { AVATAR_ACCEPT, avatarFileProblem } from '../avatar-file.ts';
import { Button } from '../../../components/ui/button.tsx';

export function AvatarEditor({
  userId,
  name,
  avatarUrl,
}: {
  userId: string;
  name: string;
  avatarUrl: string | null;
}) {
  const { t } = useTranslation('profiles');
  const errorText = useErrorText();
  const { upload, remove } = useAvatar(userId);
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) return void toast.error(t(`avatar.${problem}`));
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('avatar.saved')),
      onError: (error) => toast.error(errorText(error, t('avatar.failed'))),
      onSettled: () => setPreview(null),
    });
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex w-full shrink-0 flex-col items-center gap-3 sm:w-44">
      <div className="relative">
        <UserAvatar name={name} src={preview ?? avatarUrl} size="lg" alt={t('avatar.alt', { name })} />
        {busy && (
          <span
            role="status"
            className="absolute inset-0 grid place-items-center rounded-full bg-night-950/60"
          >
            <Loader2 aria-hidden className="size-8 animate-spin text-white" />
            <span className="sr-only">{t('avatar.uploading')}</span>
          </span>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <label
          className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border border-neon-500/60 px-3.5 text-sm font-semibold text-neon-400 transition hover:bg-neon-500/10 focus-within:ring-2 focus-within:ring-neon-400 ${busy ? 'pointer-events-none opacity-50' : ''}`}
        >
          <input
            ref={input}
            type="file"
            accept={AVATAR_ACCEPT}
            className="sr-only"
            onChange={(e) => choose(e.target.files?.[0])}
            disabled={busy}
            data-testid="avatar-input"
          />
          <Camera aria-hidden className="size-4" />
          {avatarUrl ? t('avatar.change') : t('avatar.add')}
        </label>
        {avatarUrl && (
          <Button
            type="button"
            tone="ghost"
            size="sm"
            disabled={busy}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success(t('avatar.removed')),
                onError: () => toast.error(t('avatar.failed')),
              })
            }
          >
            <Trash2 aria-hidden className="size-4" />
            {t('avatar.remove')}
          </Button>
        )}
      </div>
      <p className="max-w-60 text-center text-xs text-white/40">{t('avatar.hint')}</p>
    </div>
  );
}
