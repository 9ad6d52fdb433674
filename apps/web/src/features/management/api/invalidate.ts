// After any write of the management area: its own reads and the public catalogue's.
import { useQueryClient } from '@tanstack/react-query';
import { manageKeys } from './manage-keys.ts';

const CATALOGUE_ROOTS = ['events', 'clubs', 'home', 'tickets', 'analytics'];

export function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: manageKeys.all });
    void queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && CATALOGUE_ROOTS.includes(q.queryKey[0]),
    });
  };
}
