import { ticketModel } from '../../repository/fixtures/ticket-model.js';

/** A model module (as `monotable infra` loads them) whose table has multi-attribute GSI keys. */
export const model = ticketModel();
