import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import './i18n/index.ts';

afterEach(() => cleanup());
