/** The three alerts a department can send, as the owners switch them and the team reads them. */
export const departmentAlerts = [
  {
    field: 'alertNewTicket',
    label: 'New ticket',
    meaning: 'A customer opens a ticket, or a message arrives from the contact page or by mail.',
  },
  {
    field: 'alertCustomerReply',
    label: 'Customer reply',
    meaning: 'The customer answers on one of its tickets.',
  },
  {
    field: 'alertBreach',
    label: 'Missed response-time target',
    meaning:
      'A ticket passes its first-response or resolution target (see the targets below), once per target.',
  },
] as const;
