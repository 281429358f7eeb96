/**
 * The longest message a customer, an inbound email or a person on staff can send, in characters.
 * One number from the form's maxLength to the route's schema to the service that stores it, so
 * no layer accepts what a later one refuses.
 */
export const MAX_MESSAGE_CHARS = 8000;
