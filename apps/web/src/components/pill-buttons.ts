// The rounded action buttons of people's pages (connect, message, edit profile, unblock).
import { buttonClass } from './ui/button.tsx';

export const primaryButton = buttonClass({ tone: 'primary', shape: 'pill' });
export const secondaryButton = buttonClass({ tone: 'secondary', shape: 'pill' });
