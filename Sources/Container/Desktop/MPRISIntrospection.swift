/// What `org.freedesktop.DBus.Introspectable.Introspect` says of the media session's objects.
enum MPRISIntrospection {
    private static let header = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        """

    /// A node with only `children` below it: the path leading to the session's object.
    static func node(children: [String]) -> String {
        header + "\n<node>\n" + children.map { "  <node name=\"\($0)\"/>\n" }.joined() + "</node>\n"
    }

    /// The child of `path` on the way to the session's object, or `nil` when `path` is not on it.
    static func child(onTheWayFrom path: String) -> String? {
        let parts = MPRIS.path.split(separator: "/")
        let given = path == "/" ? [] : path.split(separator: "/")
        guard given.count < parts.count, Array(parts.prefix(given.count)) == given else { return nil }
        return String(parts[given.count])
    }

    /// The interfaces of `/org/mpris/MediaPlayer2`.
    static let document =
        header + """

            <node>
              <interface name="org.freedesktop.DBus.Introspectable">
                <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
              </interface>
              <interface name="org.freedesktop.DBus.Peer">
                <method name="Ping"/>
              </interface>
              <interface name="org.freedesktop.DBus.Properties">
                <method name="Get">
                  <arg name="interface" type="s" direction="in"/>
                  <arg name="property" type="s" direction="in"/>
                  <arg name="value" type="v" direction="out"/>
                </method>
                <method name="GetAll">
                  <arg name="interface" type="s" direction="in"/>
                  <arg name="properties" type="a{sv}" direction="out"/>
                </method>
                <method name="Set">
                  <arg name="interface" type="s" direction="in"/>
                  <arg name="property" type="s" direction="in"/>
                  <arg name="value" type="v" direction="in"/>
                </method>
                <signal name="PropertiesChanged">
                  <arg name="interface" type="s"/>
                  <arg name="changed" type="a{sv}"/>
                  <arg name="invalidated" type="as"/>
                </signal>
              </interface>
              <interface name="org.mpris.MediaPlayer2">
                <method name="Raise"/>
                <method name="Quit"/>
                <property name="CanQuit" type="b" access="read"/>
                <property name="CanRaise" type="b" access="read"/>
                <property name="CanSetFullscreen" type="b" access="read"/>
                <property name="Fullscreen" type="b" access="readwrite"/>
                <property name="HasTrackList" type="b" access="read"/>
                <property name="Identity" type="s" access="read"/>
                <property name="DesktopEntry" type="s" access="read"/>
                <property name="SupportedUriSchemes" type="as" access="read"/>
                <property name="SupportedMimeTypes" type="as" access="read"/>
              </interface>
              <interface name="org.mpris.MediaPlayer2.Player">
                <method name="Next"/>
                <method name="Previous"/>
                <method name="Pause"/>
                <method name="PlayPause"/>
                <method name="Stop"/>
                <method name="Play"/>
                <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
                <method name="SetPosition">
                  <arg name="TrackId" type="o" direction="in"/>
                  <arg name="Position" type="x" direction="in"/>
                </method>
                <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
                <signal name="Seeked"><arg name="Position" type="x"/></signal>
                <property name="PlaybackStatus" type="s" access="read"/>
                <property name="LoopStatus" type="s" access="readwrite"/>
                <property name="Rate" type="d" access="readwrite"/>
                <property name="Metadata" type="a{sv}" access="read"/>
                <property name="Volume" type="d" access="readwrite"/>
                <property name="Position" type="x" access="read"/>
                <property name="MinimumRate" type="d" access="read"/>
                <property name="MaximumRate" type="d" access="read"/>
                <property name="CanGoNext" type="b" access="read"/>
                <property name="CanGoPrevious" type="b" access="read"/>
                <property name="CanPlay" type="b" access="read"/>
                <property name="CanPause" type="b" access="read"/>
                <property name="CanSeek" type="b" access="read"/>
                <property name="CanControl" type="b" access="read"/>
              </interface>
            </node>

            """
}
