// Checked in the browser before uploading, so a person hears at once what the server would answer anyway.
// Some browsers give HEIC photos no type at all; the name's extension decides then.
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@nocturna/shared/profiles';

export type AvatarFileProblem = 'tooLarge' | 'wrongType';

const EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;

export function avatarFileProblem(file: {
  type: string;
  size: number;
  name: string;
}): AvatarFileProblem | null {
  const typed = (AVATAR_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!typed && !(file.type === '' && EXTENSIONS.test(file.name))) return 'wrongType';
  if (file.size > AVATAR_MAX_BYTES) return 'tooLarge';
  return null;
}

// What the file picker offers.
export const AVATAR_ACCEPT = [...AVATAR_MIME_TYPES, '.heic', '.heif'].join(',');
