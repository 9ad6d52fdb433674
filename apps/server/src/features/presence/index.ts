// What other features use of presence: whether a person shows as online to a viewer, and their settings for it.
export { presenceOf, presenceSettings, updatePresenceSettings } from './service.ts';
