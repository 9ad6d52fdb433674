// The "show when I am online" switch, as settings shows it.
export { OnlineVisibilitySetting } from './online-visibility-setting.tsx';
// The shell's part of presence: reporting that the person is here, and going offline before signing out.
export { PresenceReporter } from './presence-reporter.tsx';
export { goOfflineBeforeSignOut } from './presence-session.ts';
