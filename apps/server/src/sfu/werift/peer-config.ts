import { useNACK, useOPUS, usePLI, useREMB, useSdesMid, useVP8, type PeerConfig } from 'werift';

/** Where the SFU's media sockets are and how clients reach them (SFU_* settings, docs/voice.md). */
export interface MediaNetwork {
  /** UDP ports of the ICE sockets, [min, max]; undefined: any free port. */
  portRange?: [number, number];
  /** The address put in the candidates instead of the interface's (a public IP behind NAT). */
  announcedAddress?: string;
  /** STUN/TURN servers the SFU itself uses (the clients get theirs from the join answer). */
  iceServers: { urls: string; username?: string; credential?: string }[];
  /** Gather loopback candidates too: clients on the same machine (development, tests). */
  loopback: boolean;
}

/**
 * The peer connection settings of every client: Opus, and VP8 for the screen (one codec per kind,
 * so that any publisher's packets fit any subscriber's m-line), NACK, PLI and REMB feedback, the mid
 * header extension, one bundled transport, IPv4.
 */
export function peerConfig(network: MediaNetwork): Partial<PeerConfig> {
  return {
    codecs: {
      audio: [useOPUS()],
      video: [useVP8({ rtcpFeedback: [useNACK(), usePLI(), useREMB()] })],
    },
    headerExtensions: { audio: [useSdesMid()], video: [useSdesMid()] },
    iceServers: network.iceServers,
    icePortRange: network.portRange,
    iceAdditionalHostAddresses: network.loopback ? ['127.0.0.1'] : undefined,
    iceUseIpv4: true,
    iceUseIpv6: false,
    bundlePolicy: 'max-bundle',
  };
}

/** The SDP with every host candidate's address replaced by the announced one (like a NAT mapping). */
export function announce(sdp: string, address: string | undefined): string {
  if (!address) return sdp;
  return sdp.replace(/^(a=candidate:\S+ \d+ \S+ \d+ )(\S+)( \d+ typ host)/gm, `$1${address}$3`);
}
