// The neon-to-flame gradient of the main call to action on a ticket or gate screen (get a ticket, pay, sign up),
// laid over a primary Button: the gradient covers the button's own colour and hover brightens it, while the shape,
// focus ring and disabled state stay the Button's.
export const brandGradient = 'bg-gradient-to-r from-neon-600 to-flame-500 hover:brightness-110';
