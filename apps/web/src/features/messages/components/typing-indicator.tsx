import { useTranslation } from 'react-i18next';

// "Bea está escribiendo…" with three bouncing dots; announced politely to screen readers.
export function TypingIndicator({ name }: { name: string | null }) {
  const { t } = useTranslation('messages');
  return (
    <div aria-live="polite" className="h-6 px-4 text-xs text-white/55">
      {name && (
        <span data-testid="typing" className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-flex gap-0.5">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-1.5 animate-bounce rounded-full bg-neon-400"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
          {t('typing', { name })}
        </span>
      )}
    </div>
  );
}
