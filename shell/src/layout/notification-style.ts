import {
  Bell,
  CheckCircle2,
  type LucideIcon,
  Megaphone,
  MessageSquareReply,
  RefreshCw,
  TicketPlus,
  TriangleAlert,
  UserPlus,
} from 'lucide-react';

export type TNotificationStyle = { icon: LucideIcon; className: string };

const STYLES: Record<string, TNotificationStyle> = {
  ticket_assigned: { icon: UserPlus, className: 'bg-blue-100 text-blue-700' },
  ticket_status_changed: { icon: RefreshCw, className: 'bg-amber-100 text-amber-700' },
  ticket_resolved: { icon: CheckCircle2, className: 'bg-emerald-100 text-emerald-700' },
  ticket_created: { icon: TicketPlus, className: 'bg-indigo-100 text-indigo-700' },
  sla_warning: { icon: TriangleAlert, className: 'bg-red-100 text-red-700' },
  system_announcement: { icon: Megaphone, className: 'bg-violet-100 text-violet-700' },
  ticket_reply: { icon: MessageSquareReply, className: 'bg-sky-100 text-sky-700' },
};

const DEFAULT_STYLE: TNotificationStyle = { icon: Bell, className: 'bg-slate-100 text-slate-600' };

/** Each notification type's icon and colour; a type this client does not know gets the default. */
export function notificationStyle(type: string): TNotificationStyle {
  return Object.hasOwn(STYLES, type) ? (STYLES[type] ?? DEFAULT_STYLE) : DEFAULT_STYLE;
}
