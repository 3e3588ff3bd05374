import { Card, CardDescription, CardHeader, CardTitle } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { ArrowRight, BookOpen, type LucideIcon, Ticket, Users } from 'lucide-react';
import { useSignedInUser } from '../session/signed-in-user.tsx';

type TQuickLink = {
  to: '/tickets' | '/kb' | '/admin/users';
  title: string;
  description: string;
  icon: LucideIcon;
};

/**
 * The dashboard's frame: a greeting and quick links. The tickets issue adds the metric cards,
 * recent tickets, team activity and SLA cards from the dashboard API.
 */
export function DashboardPage() {
  const user = useSignedInUser();
  // Titles stay clear of the sidebar's link names so each name leads to exactly one place.
  const links: TQuickLink[] = [
    user.role === 'end_user'
      ? {
          to: '/tickets',
          title: 'Your requests',
          description: 'Follow the tickets you raised and add comments.',
          icon: Ticket,
        }
      : {
          to: '/tickets',
          title: 'Ticket queue',
          description: 'Triage, update and resolve open requests.',
          icon: Ticket,
        },
    {
      to: '/kb',
      title: 'Help articles',
      description: 'Find answers to common questions and how-to guides.',
      icon: BookOpen,
    },
  ];
  if (user.role === 'admin') {
    links.push({
      to: '/admin/users',
      title: 'Account approvals',
      description: 'Review registrations and manage teams.',
      icon: Users,
    });
  }

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div>
        <h2 className="font-semibold text-2xl tracking-tight">Welcome back, {user.firstName}</h2>
        <p className="mt-1 text-muted-foreground">What would you like to do today?</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {links.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Card className="h-full transition-colors group-hover:border-primary/40 group-hover:bg-accent/40">
                <CardHeader>
                  <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden />
                  </div>
                  <CardTitle className="flex items-center gap-2">
                    {title}
                    <ArrowRight
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      aria-hidden
                    />
                  </CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
