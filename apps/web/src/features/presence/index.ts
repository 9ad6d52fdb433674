// The "show when I am online" switch, as settings shows it.
export { OnlineVisibilitySetting } from './online-visibility-setting.tsx';
