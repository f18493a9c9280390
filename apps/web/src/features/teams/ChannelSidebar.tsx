import {
  closestCenter,
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  pointerWithin,
  rectIntersection,
  useDroppable,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Category, Channel, Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../../components/ui/toast-context';
import { newPlaceTracker, swallowClickAfterDrag, useDragInstructions, useSortSensors, verticalOnly } from '../../lib/dnd';
import { useCopyId } from '../settings/use-copy-id';
import { useChannelUnread } from '../unread/queries';
import { UnreadMarker } from '../unread/UnreadBadge';
import { useTeamAccess } from './access';
import { ChannelIcon } from './ChannelIcon';
import { categoryDrop, channelDrop, channelLayout, listOf, moveCategory, moveChannel, UNCATEGORISED, type ChannelLayout } from './channel-order';
import { VoiceBar } from '../voice/VoiceBar';
import { VoiceParticipants } from '../voice/VoiceParticipants';
import { useVoiceStates } from '../voice/queries';
import { useVoiceSession } from '../voice/voice-session';
import styles from './ChannelSidebar.module.css';
import type { TeamActions } from './team-actions';
import { TeamHeader } from './TeamHeader';
import { useSaveChannelOrder } from './use-save-channel-order';

interface Props {
  team: Team;
  channels: Channel[];
  categories: Category[];
  activeChannelId: string | undefined;
  open: TeamActions;
}

const COLLAPSED_KEY = 'collapsedCategories';

function readCollapsed(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch (err) {
    console.warn('collapsedCategories: ignoring bad stored value', err);
    return [];
  }
}

// Drag-and-drop ids: a channel is its own id; a category's sortable and a list's drop zone are prefixed.
const CATEGORY = 'category:';
const LIST = 'list:';
type DragData = { type: 'channel' } | { type: 'category' } | { type: 'list'; list: string };
const dataOf = (x: { data: { current?: unknown } } | null | undefined): DragData | undefined => x?.data.current as DragData | undefined;
const rawId = (id: string | number): string => {
  const s = String(id);
  return s.startsWith(CATEGORY) ? s.slice(CATEGORY.length) : s.startsWith(LIST) ? s.slice(LIST.length) : s;
};

/** Lists change height during a drag (a channel joins another, the drop zone shows): measured again as they do. */
const MEASURE_ALWAYS = { droppable: { strategy: MeasuringStrategy.Always } };

/** What is being dragged, the layout when it was picked up, and the layout as the drag has it now. */
interface DragState {
  kind: 'channel' | 'category';
  id: string;
  before: ChannelLayout;
  layout: ChannelLayout;
}

/** What a dragged item needs from its row: where dnd-kit measures it, what starts the drag, how it moves. */
interface RowDnd {
  nodeRef: (el: HTMLElement | null) => void;
  activatorRef: (el: HTMLElement | null) => void;
  listeners: DraggableSyntheticListeners;
  describedBy: string;
  style: CSSProperties;
  dragging: boolean;
}

/**
 * The team's column: name with the invite button, then channels without a category and the categories
 * with theirs. A member with MANAGE_CHANNELS drags categories, and channels within a list or onto another
 * (a collapsed category takes drops on its heading), with the mouse or the keyboard (Space, arrows, Space).
 */
export function ChannelSidebar({ team, channels, categories, activeChannelId, open }: Props) {
  const { t } = useTranslation(['teams-page', 'reorder', 'settings']);
  const access = useTeamAccess(team);
  const copyId = useCopyId();
  const canManage = access.can(TeamPermission.MANAGE_CHANNELS);
  const [collapsed, setCollapsed] = useState<string[]>(readCollapsed);
  const [drag, setDrag] = useState<DragState | null>(null);
  /** The order just dropped, shown until its requests settle (the caches then hold it, or the order they went back to). */
  const [settling, setSettling] = useState<ChannelLayout | null>(null);
  const sensors = useSortSensors();
  const instructions = useDragInstructions();
  const toast = useToast();
  const save = useSaveChannelOrder(team.id);

  const saved = useMemo(() => channelLayout(channels, categories), [channels, categories]);
  const layout = drag?.layout ?? settling ?? saved;
  const channelById = useMemo(() => new Map(channels.map((c) => [c.id, c])), [channels]);
  const categoryById = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);

  const toggle = (id: string) => {
    setCollapsed((prev) => {
      const next = prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id];
      try {
        localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
      } catch {
        // not worth reporting
      }
      return next;
    });
  };

  // ——— drag and drop ———

  const listName = (list: string) => (list === UNCATEGORISED ? t('reorder:uncategorised') : (categoryById.get(list)?.name ?? ''));
  const channelPlace = (l: ChannelLayout, channelId: string) => {
    const list = listOf(l, channelId) ?? UNCATEGORISED;
    const ids = l.lists[list] ?? [];
    return { list: listName(list), position: ids.indexOf(channelId) + 1, count: ids.length };
  };
  const nameOf = (id: string | number) => channelById.get(rawId(id))?.name ?? categoryById.get(rawId(id))?.name ?? '';

  /** A channel dragged over another list (its drop zone, or a channel in it) joins that list: before that channel, or after it when below its middle. */
  const joinedLayout = (d: DragState, active: DragOverEvent['active'], over: NonNullable<DragOverEvent['over']>): ChannelLayout => {
    if (d.kind !== 'channel') return d.layout;
    const overData = dataOf(over);
    const from = listOf(d.layout, d.id);
    const to = overData?.type === 'list' ? overData.list : overData?.type === 'channel' ? listOf(d.layout, String(over.id)) : undefined;
    if (to === undefined || to === from) return d.layout;
    let index: number | undefined;
    if (overData?.type === 'channel') {
      const translated = active.rect.current.translated;
      const below = translated !== null && translated.top > over.rect.top + over.rect.height / 2;
      index = (d.layout.lists[to] ?? []).indexOf(String(over.id)) + (below ? 1 : 0);
    }
    return moveChannel(d.layout, d.id, to, index);
  };

  /** Where the dragged channel would land if dropped now (the list it is in, at the place of the item it is over). */
  const landing = (d: DragState, overId: string | number, over: DragData | undefined): ChannelLayout => {
    if (over?.type !== 'channel') return d.layout;
    const list = listOf(d.layout, d.id);
    const overList = listOf(d.layout, String(overId));
    if (list === undefined || list !== overList) return d.layout;
    return moveChannel(d.layout, d.id, list, (d.layout.lists[list] ?? []).indexOf(String(overId)));
  };
  const landingCategories = (d: DragState, overId: string | number) => moveCategory(d.layout, d.id, d.layout.categories.indexOf(rawId(overId)));

  const [place] = useState(newPlaceTracker);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      place.start(active.id);
      return t(dataOf(active)?.type === 'category' ? 'reorder:pickedUpCategory' : 'reorder:pickedUpChannel', { name: nameOf(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (!drag || !over || !place.moved(over.id)) return undefined;
      if (drag.kind === 'category') {
        const l = landingCategories(drag, over.id);
        return t('reorder:overCategory', { name: nameOf(active.id), position: l.categories.indexOf(drag.id) + 1, count: l.categories.length });
      }
      const overData = dataOf(over);
      const joined = { ...drag, layout: joinedLayout(drag, active, over) };
      if (overData?.type === 'list') return t('reorder:overList', { name: nameOf(active.id), list: listName(overData.list) });
      return t('reorder:overChannel', { name: nameOf(active.id), ...channelPlace(landing(joined, over.id, overData), drag.id) });
    },
    onDragEnd: ({ active, over }) => {
      if (!drag || !over) return undefined;
      if (drag.kind === 'category') {
        const l = landingCategories(drag, over.id);
        return t('reorder:droppedCategory', { name: nameOf(active.id), position: l.categories.indexOf(drag.id) + 1, count: l.categories.length });
      }
      return t('reorder:droppedChannel', { name: nameOf(active.id), ...channelPlace(landing(drag, over.id, dataOf(over)), drag.id) });
    },
    onDragCancel: ({ active }) => t('reorder:cancelled', { name: nameOf(active.id) }),
  };

  /** Channels first (nearest channel under the pointer, else the list or collapsed category it is over); categories only among categories. */
  const collisionDetection: CollisionDetection = (args) => {
    const kind = dataOf(args.active)?.type;
    if (kind === 'category') {
      return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => dataOf(c)?.type === 'category') });
    }
    const targets = args.droppableContainers.filter((c) => dataOf(c)?.type !== 'category');
    const within = pointerWithin({ ...args, droppableContainers: targets });
    const hits = within.length > 0 ? within : rectIntersection({ ...args, droppableContainers: targets });
    const channelHits = targets.filter((c) => dataOf(c)?.type === 'channel' && hits.some((h) => h.id === c.id));
    if (channelHits.length > 0) return closestCenter({ ...args, droppableContainers: channelHits });
    const listHit = targets.find((c) => dataOf(c)?.type === 'list' && hits.some((h) => h.id === c.id));
    if (listHit) {
      const list = rawId(listHit.id);
      const items = collapsed.includes(list) ? [] : targets.filter((c) => dataOf(c)?.type === 'channel' && drag?.layout.lists[list]?.includes(String(c.id)));
      return items.length > 0 ? closestCenter({ ...args, droppableContainers: items }) : [{ id: listHit.id }];
    }
    return closestCenter({ ...args, droppableContainers: targets.filter((c) => dataOf(c)?.type === 'channel') });
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const kind = dataOf(active)?.type === 'category' ? 'category' : 'channel';
    setDrag({ kind, id: rawId(active.id), before: layout, layout });
  };

  /** A channel dragged over another list joins it there (the place it would drop in). */
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (over) setDrag((d) => (d ? { ...d, layout: joinedLayout(d, active, over) } : d));
  };

  const finish = (after: ChannelLayout, request: Promise<unknown> | null) => {
    setDrag(null);
    if (!request) return;
    setSettling(after);
    request.then(
      () => setSettling(null),
      () => {
        setSettling(null);
        toast.show(t('reorder:saveFailed'), 'error');
      },
    );
  };

  const onDragEnd = ({ over }: DragEndEvent) => {
    swallowClickAfterDrag();
    if (!drag || !over) {
      setDrag(null);
      return;
    }
    if (drag.kind === 'category') {
      const after = landingCategories(drag, over.id);
      const order = categoryDrop(drag.before, after);
      finish(after, order ? save.categories(order) : null);
      return;
    }
    const after = landing(drag, over.id, dataOf(over));
    const drop = channelDrop(drag.before, after, drag.id);
    finish(after, drop.kind === 'none' ? null : save.channel(drop));
  };

  const onDragCancel = () => {
    swallowClickAfterDrag();
    setDrag(null);
  };

  // ——— rendering ———

  /** The gear that opens a channel's settings, for a member who may manage it. */
  const settingsButton = (channel: Channel) =>
    access.canOnChannel(channel, ChannelPermission.MANAGE_CHANNEL) && (
      <button
        type="button"
        className={styles.rowButton}
        onClick={() => open({ kind: 'channelSettings', channelId: channel.id })}
        aria-label={t('channelSettingsOf', { name: channel.name })}
        title={t('channelSettings')}
      >
        <GearIcon />
      </button>
    );

  /** Copy ID of developer mode (000 §3), beside the gear. */
  const copyIdButton = (channel: Channel) =>
    copyId && (
      <button
        type="button"
        className={`${styles.rowButton}${access.canOnChannel(channel, ChannelPermission.MANAGE_CHANNEL) ? ` ${styles.besideGear}` : ''}`}
        onClick={() => copyId(channel.id)}
        aria-label={t('settings:copyIdOf', { name: channel.name })}
        title={t('settings:copyId')}
      >
        <CopyIcon />
      </button>
    );

  const renderChannel = (channelId: string) => {
    const channel = channelById.get(channelId);
    if (!channel) return null;
    const actions = (
      <>
        {copyIdButton(channel)}
        {settingsButton(channel)}
      </>
    );
    const props = { channel, teamId: team.id, active: channel.id === activeChannelId, actions };
    return canManage ? (
      <SortableChannelRow key={channel.id} {...props} categoryDragging={drag?.kind === 'category'} />
    ) : (
      <ChannelRow key={channel.id} {...props} />
    );
  };

  const categoryButtons = (category: Category) => (
    <>
      {canManage && (
        <button
          type="button"
          className={styles.rowButton}
          onClick={() => open({ kind: 'createChannel', categoryId: category.id })}
          aria-label={t('createChannelIn', { name: category.name })}
          title={t('createChannel')}
        >
          <PlusIcon />
        </button>
      )}
      {access.canOnChannel({ type: 'category', permissions: category.permissions, parentId: null }, ChannelPermission.MANAGE_CHANNEL) && (
        <button
          type="button"
          className={styles.rowButton}
          onClick={() => open({ kind: 'categorySettings', categoryId: category.id })}
          aria-label={t('categorySettingsOf', { name: category.name })}
          title={t('categorySettings')}
        >
          <GearIcon />
        </button>
      )}
    </>
  );

  const draggingChannel = drag?.kind === 'channel';
  const loose = layout.lists[UNCATEGORISED] ?? [];
  const looseList = (
    <ul className={styles.list} aria-label={t('reorder:uncategorised')}>
      {loose.map(renderChannel)}
    </ul>
  );

  const categorySections = layout.categories.map((categoryId) => {
    const category = categoryById.get(categoryId);
    if (!category) return null;
    const ids = layout.lists[categoryId] ?? [];
    const props = {
      category,
      collapsed: collapsed.includes(categoryId),
      onToggle: () => toggle(categoryId),
      buttons: categoryButtons(category),
      children: (
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {ids.map(renderChannel)}
        </SortableContext>
      ),
    };
    if (!canManage) return <CategorySection key={categoryId} {...props} />;
    const target = draggingChannel && listOf(layout, drag.id) === categoryId && listOf(drag.before, drag.id) !== categoryId;
    return <SortableCategory key={categoryId} {...props} dragKind={drag?.kind} dropTarget={target} />;
  });

  const overlay = () => {
    if (!drag) return null;
    if (drag.kind === 'category') {
      const category = categoryById.get(drag.id);
      return category ? (
        <div className={`${styles.overlay} ${styles.categoryOverlay}`}>
          <ChevronIcon collapsed={collapsed.includes(drag.id)} />
          <span>{category.name}</span>
        </div>
      ) : null;
    }
    const channel = channelById.get(drag.id);
    return channel ? (
      <div className={`${styles.overlay} ${styles.channel}`}>
        <ChannelIcon type={channel.type} />
        <span className={styles.channelName}>{channel.name}</span>
      </div>
    ) : null;
  };

  return (
    <div className={styles.sidebar}>
      <TeamHeader team={team} open={open} />
      <nav className={styles.nav} aria-label={t('channels')}>
        {canManage ? (
          <DndContext
            sensors={sensors}
            collisionDetection={collisionDetection}
            measuring={MEASURE_ALWAYS}
            modifiers={[verticalOnly]}
            accessibility={{ announcements, screenReaderInstructions: instructions }}
            onDragStart={onDragStart}
            onDragOver={onDragOver}
            onDragEnd={onDragEnd}
            onDragCancel={onDragCancel}
          >
            <UncategorisedList
              empty={loose.length === 0}
              dragging={draggingChannel}
              label={t('reorder:uncategorised')}
              hint={t('reorder:dropHere')}
              disabled={drag?.kind === 'category'}
            >
              <SortableContext items={loose} strategy={verticalListSortingStrategy}>
                {loose.map(renderChannel)}
              </SortableContext>
            </UncategorisedList>
            <SortableContext items={layout.categories.map((id) => CATEGORY + id)} strategy={verticalListSortingStrategy}>
              {categorySections}
            </SortableContext>
            <DragOverlay dropAnimation={null}>{overlay()}</DragOverlay>
          </DndContext>
        ) : (
          <>
            {loose.length > 0 && looseList}
            {categorySections}
          </>
        )}
        {channels.length === 0 && <p className={styles.empty}>{t('noChannels')}</p>}
      </nav>
      <VoiceBar />
    </div>
  );
}

/** Who is in a voice channel, under its row (001 §2 channel list participants). */
function VoiceChannelPeople({ teamId, channel }: { teamId: string; channel: Channel }) {
  const { t } = useTranslation('voice');
  const participants = useVoiceStates(teamId).data?.[channel.id] ?? [];
  const session = useVoiceSession();
  const speaking = session?.channelId === channel.id ? session.speaking : [];
  return (
    <VoiceParticipants teamId={teamId} participants={participants} label={t('panel.participants', { channel: channel.name })} speaking={speaking} compact />
  );
}

interface ChannelRowProps {
  channel: Channel;
  teamId: string;
  active: boolean;
  actions: ReactNode;
  dnd?: RowDnd;
}

/** One channel: a link for a text channel, otherwise its name and icon (other types open with later issues). */
function ChannelRow({ channel, teamId, active, actions, dnd }: ChannelRowProps) {
  const { t } = useTranslation(['teams-page', 'reorder']);
  const unread = useChannelUnread(channel.id);
  const dragProps = dnd && { ref: dnd.activatorRef, ...dnd.listeners, 'aria-describedby': dnd.describedBy };
  const rowClass = `${styles.row}${dnd?.dragging ? ` ${styles.placeholder}` : ''}`;
  if (channel.type === 'text' || channel.type === 'voice') {
    return (
      <li ref={dnd?.nodeRef} style={dnd?.style} className={rowClass}>
        <Link
          to={`/teams/${teamId}/channels/${channel.id}`}
          className={`${styles.channel}${active ? ` ${styles.active}` : ''}${unread.unread > 0 ? ` ${styles.unread}` : ''}`}
          aria-current={active ? 'page' : undefined}
          draggable={false}
          {...dragProps}
        >
          <ChannelIcon type={channel.type} />
          <span className={styles.channelName}>{channel.name}</span>
          {channel.type === 'voice' && (
            <>
              <span className="visually-hidden"> ({t('channelType.voice')})</span>
              <span className={styles.beta}>{t('beta')}</span>
            </>
          )}
          {channel.type === 'text' && <UnreadMarker unread={unread.unread} mentions={unread.mentions} max={LIMITS.unread.channelBadgeMax} />}
        </Link>
        {actions}
        {channel.type === 'voice' && <VoiceChannelPeople teamId={teamId} channel={channel} />}
      </li>
    );
  }
  return (
    <li ref={dnd?.nodeRef} style={dnd?.style} className={rowClass}>
      <span
        className={`${styles.channel} ${styles.inert}`}
        {...(dnd ? { role: 'button', tabIndex: 0, 'aria-roledescription': t('reorder:roleDescription'), ...dragProps } : { 'aria-disabled': 'true' })}
      >
        <ChannelIcon type={channel.type} />
        <span className={styles.channelName}>{channel.name}</span>
        <span className="visually-hidden"> ({t(`channelType.${channel.type}`)})</span>
      </span>
      {actions}
    </li>
  );
}

function SortableChannelRow({ categoryDragging, ...props }: Omit<ChannelRowProps, 'dnd'> & { categoryDragging: boolean }) {
  const s = useSortable({ id: props.channel.id, data: { type: 'channel' } satisfies DragData, disabled: { draggable: false, droppable: categoryDragging } });
  const dnd: RowDnd = {
    nodeRef: s.setNodeRef,
    activatorRef: s.setActivatorNodeRef,
    listeners: s.listeners,
    describedBy: s.attributes['aria-describedby'],
    style: { transform: CSS.Translate.toString(s.transform), transition: s.transition },
    dragging: s.isDragging,
  };
  return <ChannelRow {...props} dnd={dnd} />;
}

interface CategoryProps {
  category: Category;
  collapsed: boolean;
  onToggle: () => void;
  buttons: ReactNode;
  children: ReactNode;
}

function CategorySection({ category, collapsed, onToggle, buttons, children, dnd, dropTarget }: CategoryProps & { dnd?: RowDnd; dropTarget?: boolean }) {
  const listId = `category-${category.id}`;
  const className = [styles.category, dnd?.dragging && styles.placeholder, dropTarget && styles.dropTarget].filter(Boolean).join(' ');
  return (
    <section ref={dnd?.nodeRef} style={dnd?.style} className={className} aria-label={category.name}>
      <h3 className={styles.categoryHeading}>
        <button
          type="button"
          className={styles.categoryToggle}
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={onToggle}
          {...(dnd && { ref: dnd.activatorRef, ...dnd.listeners, 'aria-describedby': dnd.describedBy })}
        >
          <ChevronIcon collapsed={collapsed} />
          <span className={styles.categoryName}>{category.name}</span>
        </button>
        {buttons}
      </h3>
      <ul id={listId} className={styles.list} hidden={collapsed}>
        {children}
      </ul>
    </section>
  );
}

/** A category that moves among the categories, and whose section (heading included, so even collapsed) takes dragged channels. */
function SortableCategory({ dragKind, dropTarget, ...props }: CategoryProps & { dragKind: DragState['kind'] | undefined; dropTarget: boolean }) {
  const channelDragging = dragKind === 'channel';
  const s = useSortable({
    id: CATEGORY + props.category.id,
    data: { type: 'category' } satisfies DragData,
    disabled: { draggable: false, droppable: channelDragging },
  });
  const drop = useDroppable({
    id: LIST + props.category.id,
    data: { type: 'list', list: props.category.id } satisfies DragData,
    disabled: dragKind === 'category',
  });
  const dnd = {
    nodeRef: (el: HTMLElement | null) => {
      s.setNodeRef(el);
      drop.setNodeRef(el);
    },
    activatorRef: s.setActivatorNodeRef,
    listeners: s.listeners,
    describedBy: s.attributes['aria-describedby'],
    style: { transform: CSS.Translate.toString(s.transform), transition: s.transition },
    dragging: s.isDragging,
  };
  return <CategorySection {...props} dnd={dnd} dropTarget={dropTarget || (channelDragging && drop.isOver && props.collapsed)} />;
}

/** The channels without a category; while a channel is dragged and the list is empty, a zone to drop it out of its category. */
function UncategorisedList({
  children,
  empty,
  dragging,
  label,
  hint,
  disabled,
}: {
  children: ReactNode;
  empty: boolean;
  dragging: boolean;
  label: string;
  hint: string;
  disabled: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: LIST + UNCATEGORISED, data: { type: 'list', list: UNCATEGORISED } satisfies DragData, disabled });
  // Empty, it takes no room until a channel is dragged; it then opens, outlined, in the first category's top margin (nothing below it moves).
  const className = [styles.list, empty && styles.rootEmpty, empty && dragging && styles.dropZone, empty && dragging && isOver && styles.dropZoneOver]
    .filter(Boolean)
    .join(' ');
  return (
    <ul ref={setNodeRef} aria-label={label} className={className}>
      {children}
      {empty && dragging && (
        <li className={styles.dropZoneLabel} aria-hidden="true">
          {hint}
        </li>
      )}
    </ul>
  );
}

function ChevronIcon({ collapsed }: { collapsed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false" className={collapsed ? styles.chevronCollapsed : styles.chevron}>
      <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" d="M9 9h10v11H9zM5 15V4h10" />
    </svg>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1l.4 2.7h4l.4-2.7c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5L19.4 13ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"
        transform="translate(-1 0)"
      />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
