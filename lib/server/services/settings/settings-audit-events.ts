/* The admin's changes to settings, one event per changed key, with the value before and after. */
declare module "@/lib/domain/audit-events" {
  interface AuditEventDefinitions {
    "setting.changed": {
      subjectType: "setting";
      payload: { key: string; oldValue: number; newValue: number };
    };
  }
}

export {};
