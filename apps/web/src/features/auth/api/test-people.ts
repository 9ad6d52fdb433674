// The signed-in people the auth units read a session for.
export const ana = {
  id: 'u-ana',
  email: 'ana@example.es',
  name: 'Ana Ruiz',
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Ruiz',
  image: null,
};
