// Test certificates for the wallets, made with the openssl command line in a temporary folder: a CA standing in
// for Apple's WWDR, a pass certificate it signs (its key kept under a passphrase, as Apple's .p12 exports are),
// and an RSA key standing in for a Google service account's.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WalletConfig } from '../src/wallet-config.ts';

export const TEST_PASS_TYPE_ID = 'pass.es.nocturna.test';
export const TEST_TEAM_ID = 'NOCTURNA42';
export const TEST_KEY_PASSPHRASE = 'contraseña-de-prueba';
export const TEST_ISSUER_ID = '3388000000012345678';
export const TEST_SERVICE_ACCOUNT = 'wallet@nocturna-test.iam.gserviceaccount.com';

export type WalletCertificates = {
  dir: string;
  files: { wwdr: string; signerCert: string; signerKey: string; googleKey: string };
  config: Required<WalletConfig>;
  // The Google service account's public key, what Google checks the save link's JWT with.
  googlePublicKey: crypto.KeyObject;
  cleanup: () => void;
};

export function makeWalletCertificates(): WalletCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-wallet-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.pem',
    '-days',
    '3650',
    '-subj',
    '/O=Nocturna tests/CN=Test WWDR CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-keyout',
    'signer.key',
    '-passout',
    `pass:${TEST_KEY_PASSPHRASE}`,
    '-out',
    'signer.csr',
    '-subj',
    `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=Nocturna tests`,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '3650',
  );
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const googleKey = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  fs.writeFileSync(path.join(dir, 'google.pem'), googleKey);
  const file = (name: string) => path.join(dir, name);
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');
  return {
    dir,
    files: {
      wwdr: file('wwdr.pem'),
      signerCert: file('signer.pem'),
      signerKey: file('signer.key'),
      googleKey: file('google.pem'),
    },
    config: {
      apple: {
        passTypeId: TEST_PASS_TYPE_ID,
        teamId: TEST_TEAM_ID,
        signerCert: read('signer.pem'),
        // Opened, as the server keeps it once it has read it with its passphrase.
        signerKey: crypto
          .createPrivateKey({ key: read('signer.key'), passphrase: TEST_KEY_PASSPHRASE })
          .export({ format: 'pem', type: 'pkcs1' })
          .toString(),
        wwdr: read('wwdr.pem'),
      },
      google: {
        issuerId: TEST_ISSUER_ID,
        serviceAccountEmail: TEST_SERVICE_ACCOUNT,
        privateKey: googleKey,
      },
    },
    googlePublicKey: publicKey,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

// Whether `signature` is a valid detached PKCS#7 signature of `content` by a certificate the test CA issued,
// checked by openssl (the chain included); answers the signer certificates it carries, PEM.
export function verifyDetachedSignature(
  certs: WalletCertificates,
  content: Uint8Array,
  signature: Uint8Array,
): { ok: boolean; signers: string } {
  const work = fs.mkdtempSync(path.join(certs.dir, 'verify-'));
  fs.writeFileSync(path.join(work, 'content'), content);
  fs.writeFileSync(path.join(work, 'signature'), signature);
  const signersFile = path.join(work, 'signers.pem');
  try {
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        path.join(work, 'signature'),
        '-content',
        path.join(work, 'content'),
        '-CAfile',
        certs.files.wwdr,
        '-purpose',
        'any',
        '-signer',
        signersFile,
        '-out',
        path.join(work, 'out'),
      ],
      { stdio: 'pipe' },
    );
    return { ok: true, signers: fs.readFileSync(signersFile, 'utf8') };
  } catch {
    return { ok: false, signers: '' };
  }
}

// The Apple Wallet settings of the self-made certificates, as a server's environment names them (file paths).
export function appleWalletEnv(certs: WalletCertificates): Record<string, string> {
  return {
    APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
    APPLE_WALLET_CERT: certs.files.signerCert,
    APPLE_WALLET_KEY: certs.files.signerKey,
    APPLE_WALLET_KEY_PASSPHRASE: TEST_KEY_PASSPHRASE,
    APPLE_WALLET_WWDR_CERT: certs.files.wwdr,
  };
}
