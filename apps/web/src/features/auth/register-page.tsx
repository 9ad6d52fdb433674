import { AuthPage } from './auth-page.tsx';

export default function RegisterPage() {
  return <AuthPage mode="signUp" />;
}
