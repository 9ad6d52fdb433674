import { AppLink } from '../app-link.tsx';

export function NotFoundState({
  message,
  linkTo,
  linkLabel,
}: {
  message: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-night-700 px-6 py-16 text-center">
      <p className="text-lg font-semibold text-white">{message}</p>
      <AppLink
        to={linkTo}
        className="rounded-full bg-neon-600 px-5 py-2 text-sm font-semibold text-white hover:bg-neon-700"
      >
        {linkLabel}
      </AppLink>
    </div>
  );
}
