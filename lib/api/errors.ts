/** An error a client caused or must know about: becomes `{ message, errors }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = "Recurso no encontrado.") => new ApiError(404, message);

export const validationFailed = (errors: Record<string, string[]>, message = "Los datos enviados no son válidos.") =>
  new ApiError(422, message, errors);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    `Demasiadas solicitudes. Inténtalo de nuevo en ${Math.ceil(retryAfterSeconds / 60)} minuto(s).`,
    undefined,
    { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
