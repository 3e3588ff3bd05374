import '../remote-styles.ts';
import type { TCreateTicketDialogProps } from '@helpdesk/contracts';
import { CreateTicketDialog as Dialog } from '../create-ticket/create-ticket-dialog.tsx';

/** `mf_tickets/CreateTicketDialog`: the Create Ticket dialog the shell's header button opens. */
export default function CreateTicketDialog(props: TCreateTicketDialogProps) {
  return <Dialog {...props} />;
}
