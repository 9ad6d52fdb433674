// The first boot stage (main.tsx): zod's configuration, then i18next with the public pages' strings.
import '../lib/zod-jitless.ts';

export { loadAllStrings, startI18n } from '../i18n/index.ts';
