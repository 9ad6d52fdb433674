// The DJ's own profile: artistic name, bio, genres and links (one per line: "Nombre https://…").
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { GENRES } from '@nocturna/shared/catalogue-values';
import type { DjProfile } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useUpdateDjProfile } from '../api/djs.ts';
import { useGenreLabel } from '../../../components/catalogue/use-genre-label.ts';
import { Button } from '../../../components/ui/button.tsx';

const input = `rounded-xl border border-white/15 bg-night-950 px-3 py-2 text-white ${focusRing}`;

export function ProfileForm({ profile }: { profile: DjProfile }) {
  const { t } = useTranslation('djs');
  const errorText = useErrorText();
  const genreLabel = useGenreLabel();
  const update = useUpdateDjProfile();
  const [name, setName] = useState(profile.name);
  const [bio, setBio] = useState(profile.bio);
  const [genres, setGenres] = useState<string[]>(profile.genres);
  const [links, setLinks] = useState(profile.links.map((l) => `${l.label} ${l.url}`).join('\n'));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = links
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return at > 0
          ? { label: line.slice(0, at).trim(), url: line.slice(at + 1) }
          : { label: line, url: line };
      });
    setError(null);
    update.mutate(
      { name: name.trim(), bio: bio.trim(), genres, links: parsed },
      {
        onSuccess: () => toast.success(t('dashboard.saved')),
        onError: (err) => setError(errorText(err, t('dashboard.saveFailed'))),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      <label className="grid gap-1 text-sm text-white/70">
        {t('dashboard.name')}
        <input className={input} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="grid gap-1 text-sm text-white/70">
        {t('dashboard.bio')}
        <textarea
          className={`${input} min-h-24`}
          value={bio}
          maxLength={1000}
          onChange={(e) => setBio(e.target.value)}
        />
      </label>
      <fieldset className="grid gap-2">
        <legend className="text-sm text-white/70">{t('dashboard.genres')}</legend>
        <div className="flex flex-wrap gap-1">
          {GENRES.map((g) => {
            const on = genres.includes(g);
            return (
              <button
                key={g}
                type="button"
                aria-pressed={on}
                onClick={() =>
                  setGenres((list) => (on ? list.filter((x) => x !== g) : [...list, g].slice(0, 6)))
                }
                className={`rounded-full px-3 py-1 text-xs ${on ? 'bg-neon-600 text-white' : 'bg-white/10 text-white/70'} ${focusRing}`}
              >
                {genreLabel(g)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <label className="grid gap-1 text-sm text-white/70">
        {t('dashboard.links')}
        <textarea
          className={`${input} min-h-20 font-mono text-xs`}
          value={links}
          placeholder="SoundCloud https://soundcloud.com/…"
          onChange={(e) => setLinks(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-flame-500">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={update.isPending}>
        {t('dashboard.save')}
      </Button>
    </form>
  );
}
