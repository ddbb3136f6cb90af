import { availableParallelism } from 'node:os';

/**
 * The configuration of one Janus instance as this platform runs it: the VideoRoom plugin only, the
 * Janus API on a WebSocket bound to a loopback or private address and guarded by an API secret
 * (browsers never reach it: the API server is its only client), the Admin API the same way with
 * its own secret, and a fixed RTP port range. Pure: the text of the three files, nothing written.
 */
export type JanusInstanceSettings = {
  /** Its name in logs and the `info` answer (api-1's media server: `janus-1`). */
  name: string;
  /** The folder holding this instance's configuration files (and nothing else of Janus'). */
  configDir: string;
  /** Where the VideoRoom plugin and the WebSocket transport are linked in (pluginsDir, transportsDir). */
  pluginsDir: string;
  transportsDir: string;
  /** Address the API and Admin API listen on: loopback, or a private address for other machines. */
  apiHost: string;
  apiPort: number;
  adminPort: number;
  apiSecret: string;
  adminSecret: string;
  /** UDP ports for ICE and RTP (both ends included), also the remote publishers' ports. */
  rtpPorts: [number, number];
  /**
   * Interfaces or addresses ICE gathers on (Janus' `ice_enforce_list`), e.g. `lo` on a machine
   * where everything runs on loopback; empty: every interface.
   */
  iceInterfaces: string[];
  /** A public address written into every host candidate (1:1 NAT, as on most clouds). */
  publicAddress?: string | undefined;
  /**
   * Threads that carry every handle's media (Janus' `event_loops`); by default one per core. Without
   * it Janus gives each handle (every viewer) a thread of its own, woken for each packet.
   */
  eventLoops?: number | undefined;
  /** A TURN server Janus relays through itself (static credentials, renewed by restarting). */
  turn?: { host: string; port: number; username: string; credential: string } | undefined;
};

/** Janus' libconfig-like syntax: strings quoted with their quotes and backslashes escaped. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function section(name: string, entries: Record<string, string | number | boolean | undefined>): string {
  const lines = Object.entries(entries)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `  ${key} = ${typeof value === 'string' ? quoted(value) : String(value)}`);
  return `${name}: {\n${lines.join('\n')}\n}\n`;
}

export function janusConfigFiles(settings: JanusInstanceSettings): Record<string, string> {
  const core = [
    section('general', {
      configs_folder: settings.configDir,
      plugins_folder: settings.pluginsDir,
      transports_folder: settings.transportsDir,
      // Event handlers and external loggers stay off: nothing is loaded from these (empty) folders.
      events_folder: `${settings.configDir}/none`,
      loggers_folder: `${settings.configDir}/none`,
      server_name: settings.name,
      api_secret: settings.apiSecret,
      admin_secret: settings.adminSecret,
      // The API server keeps its sessions alive; a session it stopped caring for goes in a minute.
      session_timeout: 60,
      event_loops: settings.eventLoops ?? availableParallelism(),
      debug_level: 4,
      debug_timestamps: true,
      debug_colors: false,
    }),
    section('media', {
      rtp_port_range: `${settings.rtpPorts[0]}-${settings.rtpPorts[1]}`,
      // A publisher whose media stops is reported after a second (the API counts it as silence).
      no_media_timer: 1,
      // Only VP8 and Opus are negotiated; NACKs are answered from a short history.
      min_nack_queue: 300,
    }),
    section('nat', {
      ice_enforce_list: settings.iceInterfaces.length ? settings.iceInterfaces.join(',') : undefined,
      nat_1_1_mapping: settings.publicAddress,
      // Half trickle: Janus' SDP carries its candidates; browsers' trickle in through the API.
      full_trickle: false,
      turn_server: settings.turn?.host,
      turn_port: settings.turn?.port,
      turn_type: settings.turn ? 'udp' : undefined,
      turn_user: settings.turn?.username,
      turn_pwd: settings.turn?.credential,
    }),
    section('events', { broadcast: false }),
  ].join('\n');
  const videoroom = section('general', {
    // Rooms are created by the API at run time with their own secret and pin; none is static.
    admin_key: settings.adminSecret,
    lock_rtp_forward: true,
    string_ids: true,
  });
  const websockets = [
    section('general', {
      json: 'compact',
      ws: true,
      ws_ip: settings.apiHost,
      ws_port: settings.apiPort,
      wss: false,
    }),
    section('admin', {
      admin_ws: true,
      admin_ws_ip: settings.apiHost,
      admin_ws_port: settings.adminPort,
      admin_wss: false,
    }),
  ].join('\n');
  return {
    'janus.jcfg': core,
    'janus.plugin.videoroom.jcfg': videoroom,
    'janus.transport.websockets.jcfg': websockets,
  };
}
