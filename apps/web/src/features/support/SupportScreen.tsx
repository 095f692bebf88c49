import type { SupportRefType, SupportThreadSummary } from '@gama/core/endpoints/support/index';
import { SUPPORT_MESSAGE_MAX, supportRefTypes } from '@gama/core/endpoints/support/index';
import { endpoints } from '@gama/core/endpoints';
import { Button } from '@gama/ui/Button';
import { Skeleton } from '@gama/ui/Skeleton';
import { ImagePlus, MessageCircle, Send, X } from 'lucide-react';
import { useState } from 'react';
import { Card, Page } from '../../components/Page.tsx';
import { errorMessage, urlOf } from '../../lib/api-client.ts';
import { useT, type Translate } from '../../lib/i18n/use-t.ts';
import { Link, useSearchParams } from '../../lib/router/index.ts';
import { screenshotDataUrl } from '../../shared/screenshot.ts';
import { useConversation, useConversations, useSend, type Outgoing } from './api.ts';
import styles from './Support.module.css';

type Ref = { type: SupportRefType; id: number };

/** `?about=deposit-12`: the record "Ask about this" came from. */
function aboutOf(param: string | null): Ref | undefined {
  const match = /^([a-z]+)-(\d{1,15})$/.exec(param ?? '');
  const type = supportRefTypes.find((t) => t === match?.[1]);
  return type && match ? { type, id: Number(match[2]) } : undefined;
}

function refText(ref: Ref, t: Translate): string {
  switch (ref.type) {
    case 'deposit':
      return t('About deposit #{id}', { id: ref.id });
    case 'withdrawal':
      return t('About withdrawal #{id}', { id: ref.id });
    case 'bid':
      return t('About bid #{id}', { id: ref.id });
  }
}

/**
 * Support: the player's conversations with the operator, and one of them open. A conversation started from
 * "Ask about this" carries that deposit, withdrawal or bid; replies arrive live (the notification stream).
 */
export default function SupportScreen() {
  const [search, setSearch] = useSearchParams();
  const threadId = Number(search.get('thread'));
  const open = Number.isSafeInteger(threadId) && threadId > 0 ? threadId : null;
  const about = aboutOf(search.get('about'));
  const t = useT();
  return (
    <Page title={t('Support')}>
      {open === null ? (
        <>
          <Card>
            <h2 className={styles.heading}>{t('Write to support')}</h2>
            {about && <p className={styles.ref}>{refText(about, t)}</p>}
            <Composer
              target={about ? { ref: about } : {}}
              onSent={(id) => setSearch({ thread: String(id) })}
            />
          </Card>
          <ConversationList onOpen={(id) => setSearch({ thread: String(id) })} />
        </>
      ) : (
        <Conversation id={open} />
      )}
    </Page>
  );
}

function ConversationList({ onOpen }: { onOpen: (id: number) => void }) {
  const list = useConversations();
  const t = useT();
  if (list.isPending) return <Skeleton height={120} radius={12} />;
  if (list.isError) return <p role="alert">{t.fromServer(errorMessage(list.error))}</p>;
  const threads = list.data.threads;
  return (
    <section aria-label={t('Your conversations')} className={styles.section}>
      <h2 className={styles.heading}>{t('Your conversations')}</h2>
      {threads.length === 0 ? (
        <p className={styles.muted}>
          {t('No conversations yet. Ask us anything about your deposits, withdrawals or bids.')}
        </p>
      ) : (
        <ul className={styles.list} data-testid="support-threads">
          {threads.map((thread: SupportThreadSummary) => (
            <li key={thread.id}>
              <button type="button" className={styles.row} onClick={() => onOpen(thread.id)}>
                <MessageCircle size={20} aria-hidden="true" />
                <span className={styles.rowMain}>
                  <span className={styles.rowTitle}>
                    {thread.ref ? refText(thread.ref, t) : t('Support')}
                    <span className={styles.state}>{thread.status === 'open' ? t('Open') : t('Closed')}</span>
                  </span>
                  <span className={styles.rowText}>{thread.last_text}</span>
                  <time className={styles.muted} dateTime={thread.last_at}>
                    {t.date(thread.last_at, 'dayTime')}
                  </time>
                </span>
                {thread.unread > 0 && (
                  <span className={styles.badge} data-testid="support-thread-unread">
                    {t('New replies: {n}', { n: thread.unread })}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Conversation({ id }: { id: number }) {
  const thread = useConversation(id);
  const t = useT();
  if (thread.isPending) return <Skeleton height={240} radius={12} />;
  if (thread.isError) return <p role="alert">{t.fromServer(errorMessage(thread.error))}</p>;
  const { thread: summary, messages } = thread.data;
  return (
    <section className={styles.section} aria-label={t('Support')}>
      <Link to="/support" className={styles.back}>
        {t('All conversations')}
      </Link>
      {summary.ref && (
        <p className={styles.ref} data-testid="support-ref">
          {refText(summary.ref, t)}
        </p>
      )}
      <ol className={styles.messages} data-testid="support-messages">
        {messages.map((m) => (
          <li key={m.id} className={styles.message} data-from={m.from}>
            <span className={styles.muted}>
              {m.from === 'player' ? t('You') : t('Support')} · {t.date(m.created_at, 'dayTime')}
            </span>
            {m.text && <p className={styles.text}>{m.text}</p>}
            {m.has_image && (
              <a href={urlOf(endpoints.supportImage, { id: m.id })} target="_blank" rel="noreferrer">
                <img
                  className={styles.shot}
                  src={urlOf(endpoints.supportImage, { id: m.id })}
                  alt={t('Screenshot')}
                  loading="lazy"
                />
              </a>
            )}
          </li>
        ))}
      </ol>
      <p className={styles.muted}>{t('Replies appear here as soon as support answers.')}</p>
      <Composer target={{ threadId: id }} onSent={() => undefined} />
    </section>
  );
}

function Composer({
  target,
  onSent,
}: {
  target: Omit<Outgoing, 'text'>;
  onSent: (threadId: number) => void;
}) {
  const t = useT();
  const send = useSend();
  const [text, setText] = useState('');
  const [shot, setShot] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const empty = text.trim() === '' && shot === undefined;
  return (
    <form
      className={styles.compose}
      onSubmit={(event) => {
        event.preventDefault();
        if (empty) return;
        setProblem(undefined);
        send.mutate(
          { ...target, text, ...(shot === undefined ? {} : { screenshot: shot }) },
          {
            onSuccess: (answer) => {
              setText('');
              setShot(undefined);
              onSent(answer.thread_id);
            },
            onError: (error) => setProblem(t.fromServer(errorMessage(error))),
          },
        );
      }}
    >
      <textarea
        className={styles.textarea}
        aria-label={t('Type your message')}
        placeholder={t('Type your message')}
        value={text}
        maxLength={SUPPORT_MESSAGE_MAX}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.actions}>
        {shot === undefined ? (
          <label className={styles.attach}>
            <ImagePlus size={18} aria-hidden="true" />
            {t('Attach screenshot')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="visually-hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                screenshotDataUrl(file).then(setShot, (error: unknown) =>
                  setProblem(t.fromServer(error instanceof Error ? error.message : String(error))),
                );
              }}
            />
          </label>
        ) : (
          <button type="button" className={styles.attach} onClick={() => setShot(undefined)}>
            <X size={18} aria-hidden="true" />
            {t('Remove screenshot')}
          </button>
        )}
        <Button
          type="submit"
          icon={<Send size={18} aria-hidden="true" />}
          busy={send.isPending}
          busyText={t('Submitting...')}
          disabled={empty}
        >
          {t('Send')}
        </Button>
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
