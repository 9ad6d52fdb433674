import { AuthPage } from './auth-page.tsx';

export default function LoginPage() {
  return <AuthPage mode="signIn" />;
}
