import { ticketRatingAnswerSchema, type TicketRating } from '#shared/ticket-desk.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/react-query.ts';

/** POST /api/ticket-rating: the one click of a closing mail, sent by the page it opens. */
export const rateTicket = (rating: { token: string; rating: TicketRating }) =>
  apiRequest('POST', '/api/ticket-rating', ticketRatingAnswerSchema, rating);

export const useRateTicket = () => useEndpointMutation(rateTicket);
