// The person's conversations: open one, start a new one, rename or delete (with a confirmation in place).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Check, MessageSquarePlus, Pencil, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { AssistantConversation } from '@nocturna/shared/assistant';
import { focusRing } from '../../../components/focus-ring.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useDeleteConversation, useRenameConversation } from '../api/use-conversation-actions.ts';
import { Button } from '../../../components/ui/button.tsx';

type Props = { activeId: string | null; onOpen: (id: string | null) => void };

const iconButton = `flex size-8 items-center justify-center rounded-full text-white/60 hover:bg-white/10 hover:text-white ${focusRing}`;

export function HistoryPanel({ activeId, onOpen }: Props) {
  const { t } = useTranslation('assistant');
  const list = useConversations();
  return (
    <nav aria-label={t('history.title')} className="flex h-full flex-col">
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-white/70">{t('history.title')}</h2>
      </div>
      <div className="px-4 pb-3">
        <Button type="button" className="w-full" onClick={() => onOpen(null)}>
          <MessageSquarePlus aria-hidden className="size-4" />
          {t('history.new')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4 [scrollbar-width:thin]">
        {list.isError ? (
          <p className="px-2 text-sm text-flame-500">{t('history.loadError')}</p>
        ) : list.data?.items.length === 0 ? (
          <p className="px-2 text-sm text-white/60">{t('history.empty')}</p>
        ) : (
          <ul className="space-y-1">
            {list.data?.items.map((c) => (
              <HistoryItem key={c.id} conversation={c} active={c.id === activeId} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}

function HistoryItem({
  conversation,
  active,
  onOpen,
}: {
  conversation: AssistantConversation;
  active: boolean;
  onOpen: (id: string | null) => void;
}) {
  const { t } = useTranslation('assistant');
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [title, setTitle] = useState(conversation.title);
  const titleInput = useRef<HTMLInputElement>(null);
  // The title box takes the focus when it opens, as the rename button promised.
  useEffect(() => {
    if (mode === 'rename') titleInput.current?.select();
  }, [mode]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    rename.mutate({ id: conversation.id, title: title.trim() }, { onSuccess: () => setMode('view') });
  };

  if (mode === 'rename')
    return (
      <li>
        <form onSubmit={save} className="flex items-center gap-1 rounded-xl bg-night-800 p-1.5">
          <label className="min-w-0 flex-1">
            <span className="sr-only">{t('history.renameLabel')}</span>
            <input
              ref={titleInput}
              value={title}
              maxLength={80}
              onChange={(e) => setTitle(e.target.value)}
              className={`w-full rounded-lg bg-night-900 px-2 py-1.5 text-base text-white sm:text-sm ${focusRing}`}
            />
          </label>
          <button type="submit" className={iconButton} disabled={rename.isPending}>
            <Check aria-hidden className="size-4" />
            <span className="sr-only">{t('history.save')}</span>
          </button>
          <button type="button" className={iconButton} onClick={() => setMode('view')}>
            <X aria-hidden className="size-4" />
            <span className="sr-only">{t('history.cancel')}</span>
          </button>
        </form>
      </li>
    );

  if (mode === 'delete')
    return (
      <li className="rounded-xl border border-flame-500/40 bg-night-800 p-3 text-sm text-white/90">
        <p>{t('history.confirmDelete', { title: conversation.title })}</p>
        <div className="mt-2 flex gap-2">
          <Button
            type="button"
            tone="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(conversation.id, {
                onSuccess: () => {
                  toast.success(t('history.deleted'));
                  if (active) onOpen(null);
                },
              })
            }
          >
            {t('history.delete')}
          </Button>
          <Button type="button" tone="secondary" size="sm" onClick={() => setMode('view')}>
            {t('history.cancel')}
          </Button>
        </div>
      </li>
    );

  return (
    <li
      className={`group flex items-center gap-1 rounded-xl ${active ? 'bg-neon-600/20' : 'hover:bg-white/5'}`}
    >
      <button
        type="button"
        aria-current={active ? 'true' : undefined}
        onClick={() => onOpen(conversation.id)}
        className={`min-w-0 flex-1 truncate rounded-xl px-3 py-2.5 text-left text-sm ${active ? 'font-semibold text-white' : 'text-white/80'} ${focusRing}`}
      >
        {conversation.title}
      </button>
      <button type="button" className={iconButton} onClick={() => setMode('rename')}>
        <Pencil aria-hidden className="size-3.5" />
        <span className="sr-only">
          {t('history.rename')}: {conversation.title}
        </span>
      </button>
      <button type="button" className={iconButton} onClick={() => setMode('delete')}>
        <Trash2 aria-hidden className="size-3.5" />
        <span className="sr-only">
          {t('history.delete')}: {conversation.title}
        </span>
      </button>
    </li>
  );
}
