import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { pendingSectionKey } from './pending-section.ts';

const es = i18n.getFixedT('es', 'shell');

describe('pending page section name', () => {
  it.each([
    ['/contact', 'Contact'],
    ['/explorar', 'Explorar'],
    ['/novedades', 'Novedades'],
    ['/messages', 'Mensajes'],
    ['/mensajes', 'Mensajes'],
    ['/chat-ai', 'Asistente IA'],
    ['/perfil', 'Perfil'],
    ['/perfil/lucia', 'Perfil de usuario'],
    ['/u/123', 'Perfil de usuario'],
    ['/evento/abc/live', 'Muro en directo'],
    ['/ceo-dashboard', 'CEO Dashboard'],
    ['/admin/evento/9/analytics', 'Analíticas'],
  ])('%s is "%s"', (path, label) => expect(es(pendingSectionKey(path))).toBe(label));
});
