// A value the socket pushed (an unread count) replaces the cached one. A read of it still on its way was made before
// that value was sent: it is dropped first, so its answer cannot overwrite the newer value when it arrives late.
// Cancelling puts back the state from before that read, hence setting the value after it.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function setLiveQueryData<T>(queryClient: QueryClient, queryKey: QueryKey, data: T): Promise<void> {
  return queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() => void queryClient.setQueryData(queryKey, data));
}
