export class UnknownAppError extends Error {
  constructor(appKey: string) {
    super(`No existe una app con AppKey ${appKey}`);
  }
}
