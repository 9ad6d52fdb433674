// The notifications feature's public surface: the service and the notification each event raises.
export * from './service.ts';
export * from './messages.ts';
export { preferencesOf, preferenceFor, kindOf } from './preferences.ts';
export { wordNotification } from './wording.ts';
