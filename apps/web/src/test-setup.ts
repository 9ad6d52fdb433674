import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import './i18n/index.ts';

// findBy… and waitFor wait for a condition; their limit only guards against a hang. Testing Library's default of
// one second failed units on a loaded CI machine (a query answered in-process still took longer to render), so the
// limit is far above any honest wait and a slow machine only makes a unit slower, never red.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());
