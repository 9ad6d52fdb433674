// What other features use of push: queueing a Web Push to a person's devices.
export { queuePush } from './service.ts';
