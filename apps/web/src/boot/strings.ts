// The first boot stage (main.tsx): zod's configuration, then i18next with the public pages' strings.
import '../lib/zod-jitless.ts';
import i18n from '../i18n/index.ts';

export { loadAllStrings, startI18n } from '../i18n/index.ts';

// i18next's first translation compiles its lookup, interpolation and plural code (V8 compiles a function on its first
// call), about 10 ms of a phone's main thread. Done here, in a task of its own before hydrating, rather than inside the
// shell's hydration task, which it pushed over the long-task limit (total blocking time).
export function warmTranslations(): void {
  i18n.t('shell:skipToContent');
  i18n.t('shell:unread', { count: 2 });
}
