// The Tabs follow the WAI-ARIA tabs pattern: a named tablist whose selected tab is the only one in the Tab order,
// the arrow keys (wrapping), Home and End move focus and select, a click selects, and the panel is named by the
// selected tab and controlled by every tab.
import { fireEvent, render, screen } from '@testing-library/react';
import { useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabPanel, Tabs } from './tabs.tsx';

const TABS = [
  { value: 'connections', label: 'Conexiones' },
  { value: 'received', label: (on: boolean) => <>Recibidas {on ? '(2)' : '2'}</> },
  { value: 'sent', label: 'Enviadas' },
] as const;

type Tab = (typeof TABS)[number]['value'];

function Strip({ start = 'connections' }: { start?: Tab }) {
  const id = useId();
  const [tab, setTab] = useState<Tab>(start);
  return (
    <>
      <Tabs id={id} label="Tus conexiones" tabs={TABS} selected={tab} onSelect={setTab} />
      <TabPanel id={id} selected={tab}>
        <p>Lista de {tab}</p>
      </TabPanel>
    </>
  );
}

const selected = () => screen.getByRole('tab', { selected: true });

describe('Tabs', () => {
  it('names the strip, selects one tab and keeps only it in the Tab order', () => {
    render(<Strip />);
    const strip = screen.getByRole('tablist', { name: 'Tus conexiones' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.every((tab) => tab.parentElement === strip)).toBe(true);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(selected().textContent).toBe('Conexiones');
  });

  it('names the panel by the selected tab, which every tab controls', () => {
    render(<Strip start="sent" />);
    const panel = screen.getByRole('tabpanel', { name: 'Enviadas' });
    expect(panel.textContent).toBe('Lista de sent');
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves focus and the selection with the arrow keys, wrapping round, and with Home and End', () => {
    render(<Strip />);
    const first = screen.getByRole('tab', { name: 'Conexiones' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(selected());
    expect(selected().textContent).toBe('Recibidas (2)');
    expect(screen.getByRole('tabpanel').textContent).toBe('Lista de received');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(selected().textContent).toBe('Enviadas');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(selected().textContent).toBe('Conexiones');
    expect(document.activeElement).toBe(selected());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(selected().textContent).toBe('Enviadas');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selected().textContent).toBe('Conexiones');
    expect(document.activeElement).toBe(selected());
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('leaves other keys alone and selects on a click', () => {
    render(<Strip />);
    const first = screen.getByRole('tab', { name: 'Conexiones' });
    expect(fireEvent.keyDown(first, { key: 'ArrowDown' })).toBe(true);
    expect(selected()).toBe(first);
    fireEvent.click(screen.getByRole('tab', { name: 'Enviadas' }));
    expect(selected().textContent).toBe('Enviadas');
  });
});
