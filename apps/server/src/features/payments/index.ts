// The payments feature's public face: its plugin (app.ts registers it before the tickets routes).
export { paymentsPlugin } from './plugin.ts';
