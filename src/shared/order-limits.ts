/** The most of one package a single order line may hold (the cart and the server agree). */
export const maxLineQuantity = 20;
