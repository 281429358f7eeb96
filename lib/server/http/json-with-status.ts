/**
 * A JSON answer with a status other than 200, from a route definition that both servers answer
 * (route.ts for Next's route handlers, node-route.ts before Next): each adapter sends it its way.
 */
export class JsonWithStatus {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {}
}
