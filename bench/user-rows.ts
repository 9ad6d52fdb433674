// A bare `users` row for the benchmarks' people: written straight to the table (with a session beside it)
// instead of through sign-up, whose argon2 would take minutes for thousands of people and measure nothing.
export function userRow(id: string, name: string, at: string, username: string | null = null) {
  return {
    id,
    name,
    email: `${id}@example.com`,
    email_verified: false,
    image: null,
    username,
    display_username: null,
    first_name: null,
    last_name: null,
    phone_number: null,
    date_of_birth: null,
    gender: null,
    created_at: at,
    updated_at: at,
  };
}
