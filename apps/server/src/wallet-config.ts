// The wallets' settings, read from the environment at boot: Apple Wallet's pass certificates and Google Wallet's
// service account. A certificate or key is PEM, either the variable's own text or the path of a PEM file; each is
// parsed here so a wrong file or passphrase stops the boot instead of failing the first holder who taps the button.
// The pass key is opened here with its passphrase by node:crypto and kept as a plain PKCS#1 PEM: the signing
// library (node-forge inside passkit-generator) cannot open the PBES2 keys that OpenSSL 3 writes.
import crypto from 'node:crypto';
import fs from 'node:fs';

export const APPLE_WALLET_KEYS = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERT',
  'APPLE_WALLET_KEY',
  'APPLE_WALLET_WWDR_CERT',
] as const;
export const GOOGLE_WALLET_KEYS = [
  'GOOGLE_WALLET_ISSUER_ID',
  'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL',
  'GOOGLE_WALLET_PRIVATE_KEY',
] as const;

export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  // PEM texts; the key already opened with its passphrase.
  signerCert: string;
  signerKey: string;
  wwdr: string;
};
export type GoogleWalletConfig = { issuerId: string; serviceAccountEmail: string; privateKey: string };
export type WalletConfig = { apple?: AppleWalletConfig; google?: GoogleWalletConfig };

type WalletEnv = Partial<
  Record<(typeof APPLE_WALLET_KEYS)[number] | (typeof GOOGLE_WALLET_KEYS)[number], string>
> & { APPLE_WALLET_KEY_PASSPHRASE?: string };

// The PEM text of a variable: itself when it holds one (a service account's JSON writes its newlines as "\n"),
// else the file it names.
export function pemOf(name: string, value: string): string {
  const text = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readPemFile(name, value);
  return text.trim() + '\n';
}

function readPemFile(name: string, file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${name}: no es un PEM ni un fichero que se pueda leer (${file}).`);
  }
  if (!text.includes('-----BEGIN')) throw new Error(`${name}: el fichero ${file} no es un PEM.`);
  return text;
}

function checkCertificate(name: string, pem: string): string {
  try {
    new crypto.X509Certificate(pem);
  } catch {
    throw new Error(`${name}: no es un certificado X.509 en PEM.`);
  }
  return pem;
}

// The key as an RSA KeyObject (both wallets sign with RSA).
function rsaKey(name: string, pem: string, passphrase?: string): crypto.KeyObject {
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: pem, format: 'pem', ...(passphrase ? { passphrase } : {}) });
  } catch {
    throw new Error(`${name}: no es una clave privada en PEM, o su contraseña no es la buena.`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`${name}: debe ser una clave RSA.`);
  return key;
}

export function walletConfig(env: WalletEnv): WalletConfig {
  const config: WalletConfig = {};
  if (APPLE_WALLET_KEYS.every((key) => env[key])) {
    const passphrase = env.APPLE_WALLET_KEY_PASSPHRASE || undefined;
    config.apple = {
      passTypeId: env.APPLE_WALLET_PASS_TYPE_ID!,
      teamId: env.APPLE_WALLET_TEAM_ID!,
      signerCert: checkCertificate('APPLE_WALLET_CERT', pemOf('APPLE_WALLET_CERT', env.APPLE_WALLET_CERT!)),
      signerKey: rsaKey('APPLE_WALLET_KEY', pemOf('APPLE_WALLET_KEY', env.APPLE_WALLET_KEY!), passphrase)
        .export({ format: 'pem', type: 'pkcs1' })
        .toString(),
      wwdr: checkCertificate(
        'APPLE_WALLET_WWDR_CERT',
        pemOf('APPLE_WALLET_WWDR_CERT', env.APPLE_WALLET_WWDR_CERT!),
      ),
    };
  }
  if (GOOGLE_WALLET_KEYS.every((key) => env[key])) {
    const privateKey = pemOf('GOOGLE_WALLET_PRIVATE_KEY', env.GOOGLE_WALLET_PRIVATE_KEY!);
    rsaKey('GOOGLE_WALLET_PRIVATE_KEY', privateKey);
    config.google = {
      issuerId: env.GOOGLE_WALLET_ISSUER_ID!,
      serviceAccountEmail: env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL!,
      privateKey,
    };
  }
  return config;
}
