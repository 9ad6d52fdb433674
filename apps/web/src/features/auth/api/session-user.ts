// What the app shows of the signed-in person (never the session's token).
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
};
