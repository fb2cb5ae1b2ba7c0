package io.shardlab.mongos;

import java.util.OptionalLong;

/**
 * The machine and process a mongos runs in, as {@code hostInfo} and {@code serverStatus} describe
 * them (docs {@code reference/command/hostInfo}, {@code reference/command/serverStatus}): the wire
 * adapter reads them from the machine, tests give fixed ones.
 */
public interface HostMachine {

    /** The machine's name ({@code hostInfo.system.hostname}, {@code serverStatus.host}). */
    String hostName();

    /** The process id. */
    long pid();

    /** {@code Linux}, {@code Windows}, {@code Darwin}… */
    String osType();

    /** The operating system's name. */
    String osName();

    /** The operating system's (kernel) version. */
    String osVersion();

    /** The processor architecture, e.g. {@code x86_64}. */
    String cpuArch();

    /** Processors available to the process. */
    int cores();

    /** The machine's memory in MiB, 0 when unknown. */
    long memSizeMB();

    /** The process's resident memory in MiB, when the platform tells it. */
    OptionalLong residentMB();

    /** The process's virtual memory in MiB, when the platform tells it. */
    OptionalLong virtualMB();
}
