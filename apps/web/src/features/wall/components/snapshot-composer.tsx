// Posting a snapshot: the cameras in the browser (front, then back) or, where a camera is missing or refused,
// a plain file picker for each (no capture attribute: on Android that opens the camera app that was just
// refused, and the cameras have their own button); both photos shown together before sending, with an optional
// 140-character caption.
import { useEffect, useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Camera, ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WallInfo } from '@nocturna/shared';
import { WALL_CAPTION_MAX_LENGTH } from '@nocturna/shared/wall-constants';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { usePostSnapshot } from '../api/wall-mutations.ts';
import { longTime } from '../wall-format.ts';
import { useErrorCatalogue } from '../../../lib/error-text.ts';
import { wallErrorText } from '../wall-errors.ts';
import { CameraCapture } from './camera-capture.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';

type Side = 'front' | 'back';

// Two columns on a 390 px phone: these buttons fill their column and stay on one line.
const sideButton = `inline-flex h-10 w-full items-center justify-center gap-1.5 rounded-full border border-white/15 px-2 text-xs font-semibold whitespace-nowrap text-white/85 transition hover:border-neon-500/60 hover:text-white sm:text-sm ${focusRing}`;

function usePreview(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

export function SnapshotComposer({ info, viewer }: { info: WallInfo; viewer: string }) {
  const { t } = useTranslation('wall');
  useErrorCatalogue(); // wallErrorText words a refusal from the errors catalogue
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const [photos, setPhotos] = useState<Record<Side, Blob | null>>({ front: null, back: null });
  const [capturing, setCapturing] = useState<Side | null>(null);
  const [noCamera, setNoCamera] = useState(false);
  const [caption, setCaption] = useState('');
  const reasonId = useId();
  const post = usePostSnapshot(viewer, info.event.id);
  // Why "Publicar" is still off, said beside it: which photo is missing.
  const missing: 'both' | Side | null =
    !photos.front && !photos.back ? 'both' : !photos.front ? 'front' : !photos.back ? 'back' : null;
  const frontUrl = usePreview(photos.front);
  const backUrl = usePreview(photos.back);

  const take = (side: Side, photo: Blob) => {
    setPhotos((p) => ({ ...p, [side]: photo }));
    setCapturing(side === 'front' && !photos.back ? 'back' : null);
  };
  const send = () => {
    if (!photos.front || !photos.back) return toast.error(t('post.needBoth'));
    post.mutate(
      { front: photos.front, back: photos.back, caption },
      {
        onSuccess: (snapshot) => {
          toast.success(snapshot.status === 'pending' ? t('post.sentPending') : t('post.sent'));
          setPhotos({ front: null, back: null });
          setCaption('');
        },
        onError: (error) => toast.error(wallErrorText(t, error, tc('errors.generic'))),
      },
    );
  };

  const picker = (side: Side) => (
    <label className={`${sideButton} cursor-pointer`}>
      <ImagePlus aria-hidden className="size-4" />
      <span>{t('post.chooseFile')}</span>
      <span className="sr-only">{t(`post.${side}`)}</span>
      <input
        type="file"
        accept="image/*"
        data-testid={`file-${side}`}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) setPhotos((p) => ({ ...p, [side]: file }));
          e.target.value = '';
        }}
      />
    </label>
  );

  return (
    <section
      aria-labelledby="wall-post-heading"
      className="space-y-4 rounded-3xl border border-neon-500/30 bg-gradient-to-b from-neon-500/10 to-night-900 p-4 sm:p-5"
    >
      <div>
        <h2 id="wall-post-heading" className="text-lg font-bold text-white">
          {t('post.heading')}
        </h2>
        <p className="text-sm text-white/70">{t('post.lead')}</p>
        <p className="mt-1 text-xs text-white/60">
          {t('post.remaining', { count: info.viewer.remaining })} ·{' '}
          {t('post.windowOpen', { when: longTime(info.closesAt, locale) })}
        </p>
        {info.viewer.inParty && (
          <p className="mt-1 text-xs font-semibold text-flame-500">{t('post.inPartyNote')}</p>
        )}
      </div>

      {capturing ? (
        <CameraCapture
          key={capturing}
          facing={capturing === 'front' ? 'user' : 'environment'}
          title={capturing === 'front' ? t('post.captureFront') : t('post.captureBack')}
          onCapture={(photo) => take(capturing, photo)}
          onUnavailable={() => {
            setNoCamera(true);
            setCapturing(null);
          }}
          onCancel={() => setCapturing(null)}
        />
      ) : (
        <>
          {noCamera && (
            <p role="status" className="rounded-xl bg-white/5 px-3 py-2 text-sm text-white/80">
              {t('post.cameraUnavailable')}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3">
            {(['front', 'back'] as const).map((side) => {
              const url = side === 'front' ? frontUrl : backUrl;
              return (
                <div key={side} className="space-y-2">
                  <p className="text-sm font-semibold text-white/85">{t(`post.${side}`)}</p>
                  <div className="grid h-48 place-items-center overflow-hidden rounded-2xl sm:h-64 border border-dashed border-white/20 bg-night-950">
                    {url ? (
                      <img src={url} alt={t(`post.${side}`)} className="size-full object-cover" />
                    ) : (
                      <Camera aria-hidden className="size-8 text-white/25" />
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {!noCamera && (
                      <button type="button" onClick={() => setCapturing(side)} className={`${sideButton}`}>
                        <Camera aria-hidden className="size-4" />
                        <span>{url ? t('post.retake') : t('post.capture')}</span>
                        <span className="sr-only">{t(`post.${side}`)}</span>
                      </button>
                    )}
                    {picker(side)}
                  </div>
                </div>
              );
            })}
          </div>
          {!noCamera && !photos.front && !photos.back && (
            <Button type="button" onClick={() => setCapturing('front')} className="w-full">
              <Camera aria-hidden className="size-4" />
              {t('post.openCameras')}
            </Button>
          )}
          <Field
            label={t('post.caption')}
            hint={<span className="tabular-nums">{t('post.captionCount', { count: caption.length })}</span>}
          >
            <Input
              id="wall-caption"
              value={caption}
              maxLength={WALL_CAPTION_MAX_LENGTH}
              placeholder={t('post.captionPlaceholder')}
              onChange={(e) => setCaption(e.target.value)}
            />
          </Field>
          {missing && (
            <p id={reasonId} data-testid="publish-reason" className="text-center text-sm text-white/70">
              {t(`post.missing.${missing}`)}
            </p>
          )}
          <Button
            type="button"
            onClick={send}
            disabled={post.isPending || missing !== null}
            aria-describedby={missing ? reasonId : undefined}
            className="w-full"
          >
            {post.isPending ? t('post.sending') : t('post.send')}
          </Button>
        </>
      )}
    </section>
  );
}
