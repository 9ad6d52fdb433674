// The pack's public key, imported once per pack key: the offline answers check the QR's signature with it.
import { useEffect, useRef } from 'react';
import type { DoorPack } from '@nocturna/shared';
import { importTicketPublicKey } from '@nocturna/shared/ticket-token';

export type PackKey = { raw: string; key: CryptoKey };

export function usePackKey(pack: DoorPack | null) {
  const keyRef = useRef<PackKey | null>(null);
  useEffect(() => {
    if (!pack || keyRef.current?.raw === pack.publicKey) return;
    const raw = pack.publicKey;
    importTicketPublicKey(raw).then(
      (key) => (keyRef.current = { raw, key }),
      () => (keyRef.current = null),
    );
  }, [pack]);
  return keyRef;
}
